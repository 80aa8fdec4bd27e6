/** A text part or a file part of a multipart/form-data body. */
export type MultipartPart = { name: string; value: string } | { name: string; file: Buffer; fileName: string; type: string };

/**
 * A multipart/form-data body written by hand, so tests can send any field, file name or size
 * (repeat a name for several files); answers the payload and its content-type header.
 */
export function multipart(parts: MultipartPart[]) {
  const boundary = `----atende${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    chunks.push(Buffer.from(`--${boundary}\r\n`));
    if ('file' in part) {
      chunks.push(Buffer.from(`Content-Disposition: form-data; name="${part.name}"; filename="${part.fileName}"\r\nContent-Type: ${part.type}\r\n\r\n`));
      chunks.push(part.file, Buffer.from('\r\n'));
    } else chunks.push(Buffer.from(`Content-Disposition: form-data; name="${part.name}"\r\n\r\n${part.value}\r\n`));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** The same from a record: strings are text parts, `{ filename, type, data }` file parts. */
export function multipartOf(parts: Record<string, string | { filename: string; type: string; data: Buffer }>) {
  return multipart(
    Object.entries(parts).map(([name, value]) =>
      typeof value === 'string' ? { name, value } : { name, file: value.data, fileName: value.filename, type: value.type },
    ),
  );
}
