import EmojiEmotionsIcon from '@mui/icons-material/EmojiEmotions';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import Popover from '@mui/material/Popover';
import { lazy, Suspense, useState } from 'react';

// The picker and its emoji data are heavy: downloaded the first time someone opens it.
const EmojiPicker = lazy(() => import('emoji-picker-react'));

/** Opens the emoji picker; the chosen emoji goes to `onPick`, the picker stays open for more. */
export function EmojiInsertButton({ label, onPick }: { label: string; onPick: (emoji: string) => void }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  return (
    <>
      <IconButton aria-label={label} title={label} onClick={(e) => setAnchor(e.currentTarget)} data-testid="quick-message-emoji" edge="end">
        <EmojiEmotionsIcon />
      </IconButton>
      <Popover open={Boolean(anchor)} anchorEl={anchor} onClose={() => setAnchor(null)} anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }} transformOrigin={{ vertical: 'top', horizontal: 'right' }}>
        <Suspense fallback={<CircularProgress sx={{ m: 4 }} />}>
          <EmojiPicker lazyLoadEmojis onEmojiClick={(data) => onPick(data.emoji)} />
        </Suspense>
      </Popover>
    </>
  );
}
