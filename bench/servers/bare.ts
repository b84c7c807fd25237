import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { announceAndWait } from './lifecycle';

/** The reference for P1: Hono's hello-world on @hono/node-server, nothing else. */
const app = new Hono();
app.get('/', (c) => c.text('Hello Hono!'));

const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () => {
  announceAndWait(
    (server.address() as AddressInfo).port,
    () => new Promise((resolve) => server.close(() => resolve())),
  );
});
