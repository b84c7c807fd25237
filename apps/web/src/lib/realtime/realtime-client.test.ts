import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { backoffDelay, RealtimeClient } from './realtime-client';

class FakeSocket {
  static instances: FakeSocket[] = [];
  static OPEN = 1;
  readyState = 0;
  sent: string[] = [];
  onopen: (() => void) | null = null;
  onclose: ((e: { code: number }) => void) | null = null;
  onmessage: ((e: { data: string }) => void) | null = null;
  constructor(readonly url: string) {
    FakeSocket.instances.push(this);
  }
  send(data: string) {
    this.sent.push(data);
  }
  close() {
    this.readyState = 3;
    this.onclose?.({ code: 1000 });
  }
  open() {
    this.readyState = 1;
    this.onopen?.();
  }
  /** The connection is lost (1006), or the server closes it with `code`. */
  drop(code = 1006) {
    this.readyState = 3;
    this.onclose?.({ code });
  }
}

describe('backoffDelay', () => {
  it('grows exponentially with jitter and is capped at 30 s', () => {
    expect(backoffDelay(0, () => 0)).toBe(250);
    expect(backoffDelay(0, () => 1)).toBe(500);
    expect(backoffDelay(3, () => 0)).toBe(2000);
    expect(backoffDelay(3, () => 1)).toBe(4000);
    expect(backoffDelay(20, () => 1)).toBe(30_000);
    expect(backoffDelay(20, () => 0)).toBe(15_000);
  });
});

describe('RealtimeClient', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    FakeSocket.instances = [];
    vi.stubGlobal('WebSocket', FakeSocket);
    vi.spyOn(console, 'info').mockImplementation(() => undefined);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('joins the public channel on open, logs its status, rejoins after a drop and tells listeners', () => {
    const client = new RealtimeClient('ws://x/realtime');
    const reconnected = vi.fn();
    client.onReconnect(reconnected);
    client.start();
    const first = FakeSocket.instances[0]!;
    first.open();
    expect(first.sent.map((s) => JSON.parse(s))).toEqual([{ type: 'join', channel: 'public' }]);
    client.join('user:1');
    expect(JSON.parse(first.sent[1]!)).toEqual({ type: 'join', channel: 'user:1' });
    expect(console.info).toHaveBeenCalledWith('[realtime] open');

    first.drop();
    expect(client.status).toBe('reconnecting');
    vi.advanceTimersByTime(30_000);
    const second = FakeSocket.instances[1]!;
    second.open();
    expect(second.sent.map((s) => JSON.parse(s).channel)).toEqual(['public', 'user:1']);
    expect(reconnected).toHaveBeenCalledTimes(1);
  });

  it('after its session ended (4401) it reconnects as a fresh, anonymous socket: no user channel, nothing to catch up', () => {
    const client = new RealtimeClient('ws://x/realtime');
    const reconnected = vi.fn();
    client.onReconnect(reconnected);
    client.start();
    const first = FakeSocket.instances[0]!;
    first.open();
    client.join('user:1');

    first.drop(4401);
    vi.advanceTimersByTime(30_000);
    const second = FakeSocket.instances[1]!;
    second.open();
    expect(second.sent.map((s) => JSON.parse(s).channel)).toEqual(['public']);
    // Catching up would ask the server for the ended session's notifications: a 401.
    expect(reconnected).not.toHaveBeenCalled();
  });

  it('stops for good when the app is torn down', () => {
    const client = new RealtimeClient('ws://x/realtime');
    client.start();
    FakeSocket.instances[0]!.open();
    client.stop();
    vi.advanceTimersByTime(60_000);
    expect(FakeSocket.instances).toHaveLength(1);
    expect(client.status).toBe('closed');
  });

  it('delivers events to subscribers', () => {
    const client = new RealtimeClient('ws://x/realtime');
    const got = vi.fn();
    client.subscribe(got);
    client.start();
    const ws = FakeSocket.instances[0]!;
    ws.open();
    ws.onmessage?.({ data: JSON.stringify({ type: 'event', channel: 'user:1', event: 'x', data: {}, at: 'now' }) });
    ws.onmessage?.({ data: 'not json' });
    expect(got).toHaveBeenCalledTimes(1);
    expect(got.mock.calls[0]![0]).toMatchObject({ event: 'x', channel: 'user:1' });
  });
});
