import type { TNotificationFeed, TProposalNotification } from '@draftwell/shared/share/share-api';

export type TNotificationSource = 'live' | 'missed';

export type TNotificationTrackerOptions = {
  /** GET /api/notifications, with `after` when given. */
  fetchFeed: (after?: number) => Promise<TNotificationFeed>;
  /** New notifications, each told once, oldest first. */
  onNotifications: (items: TProposalNotification[], source: TNotificationSource) => void;
  onError?: (error: unknown) => void;
};

/** Pages of the feed read in one catch-up: a tab away for a long time shows a summary, not a flood. */
const MAX_PAGES = 10;
/** Seqs remembered to tell a live event from the same event fetched in a catch-up. */
const SEEN_LIMIT = 500;

/**
 * The owner's notifications across realtime drops (R10). It starts from where the feed stands
 * (`lastSeq`, no history replayed), takes live events as they come, and after every reconnect
 * fetches what came since the last seq it saw. Every notification is told once, whichever way
 * it arrives first; catch-ups never overlap.
 */
export class NotificationTracker {
  private lastSeq: number | null = null;
  private readonly seen = new Set<number>();
  private running: Promise<void> | null = null;
  private rerun = false;
  private stopped = false;

  constructor(private readonly options: TNotificationTrackerOptions) {}

  get position(): number | null {
    return this.lastSeq;
  }

  /** Where the feed stands now: later events are new. */
  start(): Promise<void> {
    return this.serialize(() => this.baseline());
  }

  stop() {
    this.stopped = true;
  }

  /** A notification pushed over the realtime channel. */
  receive(notification: TProposalNotification) {
    if (this.stopped || !this.remember(notification.seq)) return;
    this.advance(notification.seq);
    this.options.onNotifications([notification], 'live');
  }

  /** What happened since the last seq seen (after a reconnect, or when the browser is back online). */
  catchUp(): Promise<void> {
    return this.serialize(() => (this.lastSeq === null ? this.baseline() : this.fetchMissed()));
  }

  /** Runs one task at a time; a call during a run asks for one more run after it. */
  private serialize(task: () => Promise<void>): Promise<void> {
    if (this.running) {
      this.rerun = true;
      return this.running;
    }
    const run = async () => {
      try {
        do {
          this.rerun = false;
          if (this.stopped) return;
          try {
            await task();
          } catch (error) {
            this.options.onError?.(error);
            return;
          }
        } while (this.rerun);
      } finally {
        this.running = null;
      }
    };
    this.running = run();
    return this.running;
  }

  private async baseline() {
    const feed = await this.options.fetchFeed();
    this.advance(feed.lastSeq);
  }

  private async fetchMissed() {
    const missed: TProposalNotification[] = [];
    for (let page = 0; page < MAX_PAGES; page++) {
      const after = this.lastSeq ?? 0;
      const feed = await this.options.fetchFeed(after);
      if (this.stopped) return;
      for (const item of feed.items) if (this.remember(item.seq)) missed.push(item);
      this.advance(feed.lastSeq);
      // An empty page, or one that did not move on, is the end of the feed.
      if (feed.items.length === 0 || (this.lastSeq ?? 0) <= after) break;
    }
    if (missed.length > 0) this.options.onNotifications(missed, 'missed');
  }

  private advance(seq: number) {
    if (this.lastSeq === null || seq > this.lastSeq) this.lastSeq = seq;
  }

  /** False when this seq was already told. */
  private remember(seq: number): boolean {
    if (this.seen.has(seq)) return false;
    this.seen.add(seq);
    if (this.seen.size > SEEN_LIMIT) {
      const oldest = this.seen.values().next().value;
      if (oldest !== undefined) this.seen.delete(oldest);
    }
    return true;
  }
}
