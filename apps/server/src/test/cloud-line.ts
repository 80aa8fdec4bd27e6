import { expect } from 'vitest';
import type { Connection } from '@atende/contract';
import type { FakeGraphServer } from '../channels/whatsapp/cloud/fake-graph-server.js';
import { unique, type ApiClient } from './harness.js';
import { eventually } from './live-sockets.js';

/** A Cloud API connection on the fake Graph server, created through the API as an admin does, once it is CONNECTED. */
export async function connectedCloudLine(admin: ApiClient, graph: FakeGraphServer): Promise<Connection> {
  const res = await admin.post('/api/whatsapp', {
    name: unique('Oficial'),
    provider: 'cloud',
    cloud: { phoneNumberId: graph.phoneNumberId, accessToken: graph.accessToken, appSecret: graph.appSecret },
  });
  expect(res.statusCode, res.body).toBe(200);
  const connection: Connection = res.json();
  await eventually(async () => expect((await admin.get(`/api/whatsapp/${connection.id}`)).json().status).toBe('CONNECTED'));
  return connection;
}
