import type { Ticket } from '@atende/contract';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFirstScreenShown } from '../../../app/firstScreen';
import { toastError } from '../../../lib/errors';
import { useTagOptions } from '../../tags';
import { useSyncTags } from '../api';

type TagRef = Ticket['tags'][number];

const PICKER_SIZE = { minWidth: 200, maxWidth: 420, flex: 1 } as const;

function TagChip({ tag, ...props }: { tag: TagRef } & Record<string, unknown>) {
  return <Chip {...props} size="small" label={tag.name} sx={{ bgcolor: tag.color, color: '#fff' }} />;
}

/** The ticket's tags, and a way to change them. */
export function TagPicker({ ticket }: { ticket: Ticket }) {
  // A ticket opened by its address shows its tags first; the picker follows in the next frame.
  const pickerShown = useFirstScreenShown();
  if (!pickerShown) {
    return (
      <Box sx={{ ...PICKER_SIZE, display: 'flex', flexWrap: 'wrap', gap: 0.5, alignItems: 'center' }}>
        {ticket.tags.map((tag) => (
          <TagChip key={tag.id} tag={tag} />
        ))}
      </Box>
    );
  }
  return <TagAutocomplete ticket={ticket} />;
}

/** Every change replaces the ticket's tags on the server (POST /tags/sync). */
function TagAutocomplete({ ticket }: { ticket: Ticket }) {
  const { t } = useTranslation('ticketScreen');
  const [opened, setOpened] = useState(false);
  const options = useTagOptions(opened || ticket.tags.length > 0);
  const sync = useSyncTags(ticket);
  return (
    <Autocomplete
      multiple
      size="small"
      sx={PICKER_SIZE}
      options={options.data ?? []}
      value={ticket.tags}
      loading={options.isFetching}
      onOpen={() => setOpened(true)}
      isOptionEqualToValue={(a: TagRef, b: TagRef) => a.id === b.id}
      getOptionLabel={(tag: TagRef) => tag.name}
      disabled={sync.isPending}
      onChange={(_e, tags) => sync.mutate(tags, { onError: toastError })}
      renderValue={(tags, getItemProps) =>
        tags.map((tag, index) => {
          const { key, ...itemProps } = getItemProps({ index });
          return <TagChip key={key} {...itemProps} tag={tag} />;
        })
      }
      renderInput={(params) => <TextField {...params} variant="standard" placeholder={ticket.tags.length ? '' : t('tags.placeholder')} slotProps={{ ...params.slotProps, htmlInput: { ...params.slotProps.htmlInput, 'data-testid': 'tag-picker' } }} />}
    />
  );
}
