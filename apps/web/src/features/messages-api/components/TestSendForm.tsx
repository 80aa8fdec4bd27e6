import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { sendThroughApi, type TestAnswer } from '../api';

interface Props {
  kind: 'text' | 'media';
}

type Field = 'token' | 'number' | 'body' | 'file';

/** A test form of the documentation: sends through the real endpoint and shows its answer. */
export function TestSendForm({ kind }: Props) {
  const { t } = useTranslation('messagesApi');
  const { t: tv } = useTranslation('validation');
  const [token, setToken] = useState('');
  const [number, setNumber] = useState('');
  const [body, setBody] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [missing, setMissing] = useState<Set<Field>>(new Set());
  const [answer, setAnswer] = useState<TestAnswer | null>(null);
  const [sending, setSending] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const absent = new Set<Field>();
    if (!token.trim()) absent.add('token');
    if (!number.trim()) absent.add('number');
    if (kind === 'text' && !body.trim()) absent.add('body');
    if (kind === 'media' && !file) absent.add('file');
    setMissing(absent);
    if (absent.size) return;
    setSending(true);
    try {
      const result = await sendThroughApi({ token, number, body, file: kind === 'media' ? file : null });
      setAnswer(result);
      if (result.status === 200) toast.success(t('sent'));
    } catch (error) {
      setAnswer({ status: 0, body: String(error) });
    } finally {
      setSending(false);
    }
  };

  const required = (field: Field) => (missing.has(field) ? { error: true, helperText: tv('required') } : {});
  const id = `messages-api-${kind}`;
  return (
    <Box component="form" onSubmit={submit} noValidate data-testid={`${id}-form`} sx={{ display: 'flex', flexDirection: 'column', gap: 1.5, maxWidth: 560 }}>
      <Typography variant="subtitle1" component="h3">{t(kind === 'text' ? 'testText' : 'testMedia')}</Typography>
      <TextField label={t('token')} value={token} onChange={(e) => setToken(e.target.value)} size="small" required {...required('token')} slotProps={{ htmlInput: { 'data-testid': `${id}-token` } }} />
      <TextField label={t('number')} placeholder="5511999999999" value={number} onChange={(e) => setNumber(e.target.value)} size="small" required {...required('number')} slotProps={{ htmlInput: { 'data-testid': `${id}-number` } }} />
      <TextField label={t(kind === 'text' ? 'body' : 'caption')} value={body} onChange={(e) => setBody(e.target.value)} size="small" multiline minRows={2} required={kind === 'text'} {...required('body')} slotProps={{ htmlInput: { 'data-testid': `${id}-body` } }} />
      {kind === 'media' && (
        <Box>
          <Button variant="outlined" component="label" color={missing.has('file') ? 'error' : 'primary'}>
            {t('chooseFile')}
            <input hidden type="file" data-testid={`${id}-file`} onChange={(e) => setFile(e.target.files?.[0] ?? null)} />
          </Button>
          <Typography component="span" variant="body2" sx={{ ml: 1 }} color={missing.has('file') ? 'error' : 'text.secondary'}>
            {file ? file.name : missing.has('file') ? tv('required') : t('noFile')}
          </Typography>
        </Box>
      )}
      <Box>
        <Button type="submit" variant="contained" disabled={sending} data-testid={`${id}-send`}>{t('send')}</Button>
      </Box>
      {answer && (
        <Alert severity={answer.status === 200 ? 'success' : 'error'} data-testid={`${id}-answer`} sx={{ '& pre': { m: 0, whiteSpace: 'pre-wrap', wordBreak: 'break-word' } }}>
          <div>{t('answer', { status: answer.status })}</div>
          <pre>{JSON.stringify(answer.body, null, 2)}</pre>
        </Alert>
      )}
    </Box>
  );
}
