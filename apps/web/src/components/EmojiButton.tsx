import EmojiEmotionsIcon from '@mui/icons-material/EmojiEmotions';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton, { type IconButtonProps } from '@mui/material/IconButton';
import Popover from '@mui/material/Popover';
import { lazy, Suspense, useState } from 'react';

// The picker and its emoji data weigh more than the screens using it: downloaded on first open.
const EmojiPicker = lazy(() => import('emoji-picker-react'));

interface EmojiButtonProps {
  label: string;
  onPick: (emoji: string) => void;
  testId: string;
  disabled?: boolean;
  edge?: IconButtonProps['edge'];
  /** A composer at the bottom of the screen opens the picker above itself. */
  opensUp?: boolean;
}

/** Opens the emoji picker; each chosen emoji goes to `onPick` and the picker stays open for more. */
export function EmojiButton({ label, onPick, testId, disabled, edge, opensUp }: EmojiButtonProps) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const horizontal = opensUp ? 'left' : 'right';
  return (
    <>
      <IconButton aria-label={label} title={label} disabled={disabled} edge={edge} onClick={(e) => setAnchor(e.currentTarget)} data-testid={testId}>
        <EmojiEmotionsIcon />
      </IconButton>
      <Popover
        open={Boolean(anchor)}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: opensUp ? 'top' : 'bottom', horizontal }}
        transformOrigin={{ vertical: opensUp ? 'bottom' : 'top', horizontal }}
      >
        <Suspense fallback={<CircularProgress sx={{ m: 4 }} />}>
          <EmojiPicker lazyLoadEmojis onEmojiClick={(data) => onPick(data.emoji)} />
        </Suspense>
      </Popover>
    </>
  );
}
