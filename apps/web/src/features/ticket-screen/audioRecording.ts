/**
 * Voice recording as mp3 at 128 kbps, encoded in the browser so every browser
 * sends the same format; the server turns it into a voice note.
 */
export const MP3_KBPS = 128;
/** Shorter recordings are discarded (a click, not a message). */
export const MIN_RECORDING_BYTES = 10_000;

export interface Recording {
  /** Stops and answers the mp3. */
  stop: () => Promise<Blob>;
  /** Stops and throws the sound away. */
  cancel: () => void;
}

function toPcm16(samples: Float32Array): Int16Array {
  const pcm = new Int16Array(samples.length);
  for (let i = 0; i < samples.length; i++) {
    const s = Math.max(-1, Math.min(1, samples[i]));
    pcm[i] = s < 0 ? s * 0x8000 : s * 0x7fff;
  }
  return pcm;
}

export async function startMp3Recording(): Promise<Recording> {
  const [{ Mp3Encoder }, stream] = await Promise.all([import('@breezystack/lamejs'), navigator.mediaDevices.getUserMedia({ audio: true })]);
  const context = new AudioContext();
  const source = context.createMediaStreamSource(stream);
  // ScriptProcessor is deprecated but runs everywhere without serving a worklet file.
  const processor = context.createScriptProcessor(4096, 1, 1);
  const encoder = new Mp3Encoder(1, context.sampleRate, MP3_KBPS);
  const chunks: Uint8Array[] = [];
  processor.onaudioprocess = (event) => {
    const out = encoder.encodeBuffer(toPcm16(event.inputBuffer.getChannelData(0)));
    if (out.length) chunks.push(out.slice());
  };
  source.connect(processor);
  processor.connect(context.destination);

  const release = () => {
    processor.onaudioprocess = null;
    source.disconnect();
    processor.disconnect();
    stream.getTracks().forEach((track) => track.stop());
    void context.close();
  };
  return {
    stop: async () => {
      release();
      const last = encoder.flush();
      if (last.length) chunks.push(last.slice());
      return new Blob(chunks as BlobPart[], { type: 'audio/mpeg' });
    },
    cancel: release,
  };
}
