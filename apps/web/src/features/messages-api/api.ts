import { MESSAGES_API } from '@atende/contract';

export interface TestSend {
  token: string;
  number: string;
  body: string;
  file?: File | null;
}

/** What the endpoint answered, shown as it is: the page is the API's documentation. */
export interface TestAnswer {
  status: number;
  body: unknown;
}

/**
 * Calls the real endpoint with the connection's token (never the signed-in user's session), as an
 * outside system would: JSON for a text, multipart with `medias` for a file.
 */
export async function sendThroughApi(input: TestSend): Promise<TestAnswer> {
  const headers: Record<string, string> = { authorization: `Bearer ${input.token.trim()}` };
  let payload: BodyInit;
  if (input.file) {
    const form = new FormData();
    form.append('number', input.number);
    form.append('body', input.body);
    form.append(MESSAGES_API.mediaField, input.file);
    payload = form;
  } else {
    headers['content-type'] = 'application/json';
    payload = JSON.stringify({ number: input.number, body: input.body });
  }
  const response = await fetch(MESSAGES_API.path, { method: 'POST', headers, body: payload });
  const text = await response.text();
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    // Not JSON (a proxy's page): shown as text.
  }
  return { status: response.status, body };
}
