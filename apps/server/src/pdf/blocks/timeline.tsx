/** @jsxRuntime automatic */
/** @jsxImportSource react */
import { StyleSheet, Text, View } from '@react-pdf/renderer';
import { formatMilestoneWhen } from '@draftwell/shared/document/display';
import type { TTimelineBlock } from '@draftwell/shared/document/schema';
import type { I18n } from '@draftwell/shared/i18n/i18n';
import { list, type TPdfModel } from './model';
import { MUTED, base, mirror, proseDir, rowDir, textDir, type } from './styles';

const s = StyleSheet.create({
  milestone: { flexDirection: 'row', marginBottom: 10 },
  dot: {
    width: 20,
    height: 20,
    borderRadius: 10,
    borderWidth: 1.5,
    marginRight: 10,
    alignItems: 'center',
    justifyContent: 'center',
  },
  dotText: { ...type(8, 1), fontWeight: 'bold' },
  when: { ...type(7.5, 1.3), fontWeight: 'bold', textTransform: 'uppercase' },
  milestoneTitle: { fontWeight: 'bold' },
});

function milestoneWhen(i18n: I18n, milestone: TTimelineBlock['milestones'][number], locale: string): string {
  try {
    return formatMilestoneWhen(i18n, milestone.when, locale);
  } catch {
    return '';
  }
}

export function TimelinePdf({ block, model }: { block: TTimelineBlock; model: TPdfModel }) {
  const milestones = list(block.milestones);
  if (milestones.length === 0) return null;
  return (
    <View style={base.block}>
      {milestones.map((milestone, i) => (
        <View key={milestone.id} style={[s.milestone, rowDir(model)]} wrap={false}>
          <View style={[mirror(model, s.dot), { borderColor: model.brand }]}>
            <Text style={[s.dotText, { color: model.accent }]}>{String(i + 1)}</Text>
          </View>
          <View style={{ flex: 1 }}>
            <Text
              style={[
                s.when,
                textDir(model, milestoneWhen(model.i18n, milestone, model.context.locale)),
                { color: model.accent },
              ]}
            >
              {milestoneWhen(model.i18n, milestone, model.context.locale)}
            </Text>
            <Text style={[s.milestoneTitle, proseDir(model)]}>
              {model.clean(milestone.title.trim() || model.i18n._('Milestone'))}
            </Text>
            {milestone.description?.trim() ? (
              <Text style={[{ color: MUTED }, proseDir(model)]}>{model.clean(milestone.description.trim())}</Text>
            ) : null}
          </View>
        </View>
      ))}
    </View>
  );
}
