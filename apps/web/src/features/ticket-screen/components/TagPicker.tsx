import type { Ticket } from '@atende/contract';
import Autocomplete from '@mui/material/Autocomplete';
import Chip from '@mui/material/Chip';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toastError } from '../../../lib/errors';
import { useTagOptions } from '../../tags';
import { useSyncTags } from '../api';

type TagRef = Ticket['tags'][number];

/** The ticket's tags; every change replaces them on the server (POST /tags/sync). */
export function TagPicker({ ticket }: { ticket: Ticket }) {
  const { t } = useTranslation('ticketScreen');
  const [opened, setOpened] = useState(false);
  const options = useTagOptions(opened || ticket.tags.length > 0);
  const sync = useSyncTags(ticket);
  return (
    <Autocomplete
      multiple
      size="small"
      sx={{ minWidth: 200, maxWidth: 420, flex: 1 }}
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
          return <Chip key={key} {...itemProps} size="small" label={tag.name} sx={{ bgcolor: tag.color, color: '#fff' }} />;
        })
      }
      renderInput={(params) => <TextField {...params} variant="standard" placeholder={ticket.tags.length ? '' : t('tags.placeholder')} slotProps={{ ...params.slotProps, htmlInput: { ...params.slotProps.htmlInput, 'data-testid': 'tag-picker' } }} />}
    />
  );
}
