import type { QuickMessage } from '@atende/contract';
import DataObjectIcon from '@mui/icons-material/DataObject';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuickMessages } from '../api';
import { quickReplyLabel, quickReplySearch, TEMPLATE_VARIABLES } from '../composer';

/** The variables the server fills in when it sends ({{firstName}}, {{name}}, {{ms}}, {{protocol}}, {{hora}}). */
export function VariablesButton({ disabled, onPick }: { disabled?: boolean; onPick: (variable: string) => void }) {
  const { t } = useTranslation('ticketScreen');
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  return (
    <>
      <IconButton aria-label={t('input.variables')} title={t('input.variables')} disabled={disabled} onClick={(e) => setAnchor(e.currentTarget)} data-testid="composer-variables">
        <DataObjectIcon />
      </IconButton>
      <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
        {TEMPLATE_VARIABLES.map((name) => (
          <MenuItem
            key={name}
            onClick={() => {
              setAnchor(null);
              onPick(`{{${name}}}`);
            }}
            data-testid={`variable-${name}`}
          >
            {t(`variables.${name}`)} — {`{{${name}}}`}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}

/** The quick replies matching '/text', shown above the input. */
export function QuickReplies({ text, onPick }: { text: string; onPick: (reply: QuickMessage) => void }) {
  const search = quickReplySearch(text);
  const query = useQuickMessages(search !== null);
  const matches = useMemo(
    () => (search === null ? [] : (query.data ?? []).filter((q) => q.shortcode.toLowerCase().includes(search) || q.message.toLowerCase().includes(search))),
    [query.data, search],
  );
  if (matches.length === 0) return null;
  return (
    <Paper elevation={4} sx={{ position: 'absolute', bottom: '100%', left: 8, right: 8, maxHeight: 240, overflowY: 'auto', zIndex: 2 }} data-testid="quick-replies">
      <List dense disablePadding>
        {matches.map((reply) => (
          <ListItemButton key={reply.id} onClick={() => onPick(reply)} data-testid={`quick-reply-${reply.id}`}>
            <ListItemText primary={quickReplyLabel(reply.shortcode, reply.message)} />
          </ListItemButton>
        ))}
      </List>
    </Paper>
  );
}
