import CancelIcon from '@mui/icons-material/HighlightOff';
import CheckCircleIcon from '@mui/icons-material/CheckCircleOutlineOutlined';
import MicIcon from '@mui/icons-material/Mic';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { toastError } from '../../../lib/errors';
import { MIN_RECORDING_BYTES, startMp3Recording, type Recording } from '../audioRecording';

type State = 'idle' | 'recording' | 'sending';

function clock(seconds: number): string {
  return `${String(Math.floor(seconds / 60)).padStart(2, '0')}:${String(seconds % 60).padStart(2, '0')}`;
}

interface Props {
  disabled?: boolean;
  /** Sends the finished recording; the recorder shows 'sending' until it settles. */
  onRecorded: (file: File) => Promise<unknown>;
  onActiveChange: (active: boolean) => void;
}

/** The recorder's states: idle, recording (with a timer), sending; mp3 128 kbps; too short is discarded. */
export function AudioRecorder({ disabled, onRecorded, onActiveChange }: Props) {
  const { t } = useTranslation('ticketScreen');
  const [state, setState] = useState<State>('idle');
  const [seconds, setSeconds] = useState(0);
  const recording = useRef<Recording | null>(null);

  useEffect(() => onActiveChange(state !== 'idle'), [state, onActiveChange]);
  useEffect(() => {
    if (state !== 'recording') return;
    setSeconds(0);
    const timer = window.setInterval(() => setSeconds((s) => s + 1), 1000);
    return () => window.clearInterval(timer);
  }, [state]);
  // Leaving the ticket while recording releases the microphone.
  useEffect(() => () => recording.current?.cancel(), []);

  const start = async () => {
    try {
      recording.current = await startMp3Recording();
      setState('recording');
    } catch {
      toast.error(t('audio.noMicrophone'));
    }
  };
  const cancel = () => {
    recording.current?.cancel();
    recording.current = null;
    setState('idle');
  };
  const finish = async () => {
    const current = recording.current;
    recording.current = null;
    if (!current) return;
    setState('sending');
    try {
      const blob = await current.stop();
      if (blob.size < MIN_RECORDING_BYTES) {
        toast.info(t('audio.tooShort'));
        return;
      }
      await onRecorded(new File([blob], `audio-${Date.now()}.mp3`, { type: 'audio/mpeg' }));
    } catch (err) {
      toastError(err);
    } finally {
      setState('idle');
    }
  };

  if (state === 'idle') {
    return (
      <IconButton aria-label={t('audio.record')} title={t('audio.record')} disabled={disabled} onClick={() => void start()} data-testid="audio-record">
        <MicIcon />
      </IconButton>
    );
  }
  if (state === 'sending') return <CircularProgress size={24} sx={{ m: 1 }} data-testid="audio-sending" />;
  return (
    <Box sx={{ display: 'flex', alignItems: 'center' }} data-testid="audio-recording">
      <IconButton aria-label={t('audio.cancel')} title={t('audio.cancel')} onClick={cancel} color="error" data-testid="audio-cancel">
        <CancelIcon />
      </IconButton>
      <Typography variant="body2" sx={{ minWidth: 44, textAlign: 'center' }} data-testid="audio-timer">
        {clock(seconds)}
      </Typography>
      <IconButton aria-label={t('audio.send')} title={t('audio.send')} onClick={() => void finish()} color="success" data-testid="audio-send">
        <CheckCircleIcon />
      </IconButton>
    </Box>
  );
}
