import type { SimulatorConversationEntry } from '@atende/contract';
import CallIcon from '@mui/icons-material/Call';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toastError } from '../../../lib/errors';
import { useConversation, useCustomerCalls, useCustomerSends } from '../api';
import type { SimulatedCustomer } from '../customers';
import type { OutgoingMessage } from '../outgoing';
import { Composer } from './Composer';
import { ConversationEntryBubble } from './ConversationEntryBubble';

interface Props {
  whatsappId: number;
  customer: SimulatedCustomer;
  /** The business's line is not connected: what the customer sends waits on the network until it is. */
  offline: boolean;
}

/** The selected customer's phone: their chat with the business, and what they can do in it. */
export function ConversationView({ whatsappId, customer, offline }: Props) {
  const { t } = useTranslation('simulator');
  const conversation = useConversation(whatsappId, customer.number);
  const sends = useCustomerSends();
  const calls = useCustomerCalls();
  const [replyTo, setReplyTo] = useState<SimulatorConversationEntry | null>(null);
  const bottom = useRef<HTMLDivElement>(null);
  const entries = useMemo(() => conversation.data ?? [], [conversation.data]);
  const byId = useMemo(() => new Map(entries.map((entry) => [entry.id, entry])), [entries]);

  // A new entry scrolls the chat down, as a phone does; ack changes alone do not.
  useEffect(() => {
    bottom.current?.scrollIntoView?.({ block: 'end' });
  }, [entries.length]);

  useEffect(() => setReplyTo(null), [whatsappId, customer.number]);

  function send(message: OutgoingMessage) {
    sends.mutate(
      { whatsappId, from: customer.number, name: customer.name, ...message, ...(replyTo ? { quotedId: replyTo.id } : {}) },
      { onSuccess: () => setReplyTo(null), onError: toastError },
    );
  }

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', height: '100%', minHeight: 0 }} data-testid="simulator-conversation">
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, px: 1.5, py: 1, borderBottom: 1, borderColor: 'divider' }}>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography variant="subtitle2" noWrap>
            {customer.name}
          </Typography>
          <Typography variant="caption" color="text.secondary">
            +{customer.number}
          </Typography>
        </Box>
        <Button
          size="small"
          variant="outlined"
          color="success"
          startIcon={<CallIcon />}
          disabled={calls.isPending}
          onClick={() => calls.mutate({ whatsappId, from: customer.number }, { onError: toastError })}
          data-testid="simulator-call"
        >
          {t('call')}
        </Button>
      </Box>
      <Box sx={{ flex: 1, minHeight: 0, overflowY: 'auto', py: 1, bgcolor: 'action.hover' }} data-testid="simulator-entries">
        {entries.map((entry) => (
          <ConversationEntryBubble key={entry.id} entry={entry} quoted={entry.quotedId ? byId.get(entry.quotedId) : undefined} onReply={setReplyTo} />
        ))}
        {entries.length === 0 && !conversation.isPending && (
          <Typography variant="body2" color="text.secondary" sx={{ textAlign: 'center', py: 4 }}>
            {t('emptyConversation')}
          </Typography>
        )}
        <div ref={bottom} />
      </Box>
      {offline && (
        <Typography variant="caption" color="warning.main" sx={{ px: 1.5, pt: 0.5 }} data-testid="simulator-offline">
          {t('offline')}
        </Typography>
      )}
      <Composer disabled={sends.isPending} replyTo={replyTo} onCancelReply={() => setReplyTo(null)} onSend={send} />
    </Box>
  );
}
