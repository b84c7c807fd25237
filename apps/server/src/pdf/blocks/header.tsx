/** @jsxRuntime automatic */
/** @jsxImportSource react */
import { Image, StyleSheet, Text, View } from '@react-pdf/renderer';
import { preparedBy, formatUtcDate } from '@draftwell/shared/document/display';
import { formatCalendarDate } from '@draftwell/shared/document/variables';
import { bytes, imageFor, type TPdfModel } from './model';
import { MUTED, RULE, base, mirror, proseDir, rowDir, textDir, type, valueDir } from './styles';

const s = StyleSheet.create({
  header: { ...type(10.5, 1.45), marginBottom: 26, paddingBottom: 18, borderBottomWidth: 1, borderBottomColor: RULE },
  headerTop: {
    flexDirection: 'row',
    justifyContent: 'space-between',
    alignItems: 'center',
    marginBottom: 26,
    minHeight: 30,
  },
  logo: { maxHeight: 48, maxWidth: 170, objectFit: 'contain' },
  // A long name wraps beside the number rather than pushing it off the page.
  from: { ...type(14, 1.2), fontWeight: 'bold', flex: 1 },
  number: { ...type(9.5, 1.2), color: MUTED, flexShrink: 0, marginLeft: 12 },
  title: { ...type(24, 1.2), fontWeight: 'bold' },
  facts: { flexDirection: 'row', marginTop: 20 },
  fact: { flex: 1, paddingRight: 12 },
  factTerm: { ...type(7.5, 1.3), color: MUTED, textTransform: 'uppercase', marginBottom: 2 },
  factLine: type(9.5, 1.4),
});

/**
 * A term and its lines: the PDF's own words (`plain`), or names (a person's, a company's: in the
 * proposal's direction, as on the client's page) then `values` (an email address, a phone number:
 * in their own).
 */
function Fact({
  term,
  lines,
  values = [],
  model,
  plain,
}: {
  term: string;
  lines: string[];
  values?: string[];
  model: TPdfModel;
  plain?: boolean;
}) {
  const present = [
    ...lines.map((line) => ({ line: line.trim(), name: true })),
    ...values.map((line) => ({ line: line.trim(), name: false })),
  ].filter(({ line }) => line);
  if (present.length === 0) return null;
  return (
    <View style={mirror(model, s.fact)}>
      <Text style={[s.factTerm, textDir(model)]}>{term}</Text>
      {present.map(({ line, name }, i) => (
        <Text
          key={i}
          style={[
            s.factLine,
            plain ? textDir(model, line) : name ? proseDir(model) : valueDir(model, line),
            i === 0 && !plain ? { fontWeight: 'bold' } : {},
          ]}
        >
          {model.clean(line)}
        </Text>
      ))}
    </View>
  );
}

/** The title page's top: logo or sender, number, title, who it is for and from, dates. */
export function Header({ model }: { model: TPdfModel }) {
  const { snapshot, clean, i18n } = model;
  const { sender, client } = snapshot;
  const logo = imageFor(model, sender.logoFileId);
  const from = preparedBy(sender);
  const sent = Number.isNaN(Date.parse(snapshot.sentAt)) ? '' : formatUtcDate(snapshot.sentAt, model.context.locale);
  return (
    <View style={s.header}>
      <View style={[s.headerTop, rowDir(model)]}>
        {logo ? (
          <Image style={s.logo} src={bytes(logo)} cache={false} />
        ) : (
          <Text style={[s.from, proseDir(model)]}>{clean(from)}</Text>
        )}
        <Text style={mirror(model, s.number)}>{clean(snapshot.number)}</Text>
      </View>
      <Text style={[base.kicker, { color: model.accent }, textDir(model)]}>{i18n._('Proposal')}</Text>
      <Text style={[s.title, proseDir(model)]}>{clean(snapshot.title.trim() || i18n._('Untitled proposal'))}</Text>
      <View style={[s.facts, rowDir(model)]}>
        <Fact
          term={i18n._('Prepared for')}
          lines={[client.name, client.company]}
          values={[client.email]}
          model={model}
        />
        <Fact
          term={i18n._('Prepared by')}
          lines={[sender.name, [sender.jobTitle, sender.company].filter((v) => v.trim()).join(', ')]}
          values={[sender.email, sender.phone, sender.website, sender.address]}
          model={model}
        />
        <Fact
          term={i18n._('Dates')}
          plain
          lines={[
            sent ? i18n._('Sent {date}', { date: sent }) : '',
            snapshot.validUntil
              ? i18n._('Valid until {date}', { date: formatCalendarDate(snapshot.validUntil, model.context.locale) })
              : '',
          ]}
          model={model}
        />
      </View>
    </View>
  );
}
