import type { I18n } from '@draftwell/shared/i18n/i18n';

/** How a revision changed a part of the proposal: the owner's and the client's comparisons alike. */
export type TChangeKind = 'added' | 'removed' | 'changed' | 'moved';

/** A change's kind as its tag says it: "Added". */
export function changeKindWord(i18n: I18n, kind: TChangeKind): string {
  switch (kind) {
    case 'added':
      return i18n._('Added');
    case 'removed':
      return i18n._('Removed');
    case 'changed':
      return i18n._('Changed');
    case 'moved':
      return i18n._('Moved');
  }
}
