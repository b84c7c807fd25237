/**
 * Every overview query key. The overview is derived from the user's proposals: whatever
 * creates, changes, sends, deletes or decides a proposal should invalidate `overviewKeys.all`.
 */
export const overviewKeys = {
  all: ['overview'] as const,
  detail: (timeZone: string) => [...overviewKeys.all, timeZone] as const,
};
