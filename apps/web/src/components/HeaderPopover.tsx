import IconButton from '@mui/material/IconButton';
import Popover from '@mui/material/Popover';
import Tooltip from '@mui/material/Tooltip';
import { useState, type ReactNode } from 'react';

interface HeaderPopoverProps {
  label: string;
  icon: ReactNode;
  testId: string;
  /** Content, or a function of `close` for content that leaves the pop-over (a link). */
  children: ReactNode | ((close: () => void) => ReactNode);
  width?: number;
}

/** A top-bar icon that opens a pop-over (notifications, announcements, chats, volume). */
export function HeaderPopover({ label, icon, testId, children, width = 320 }: HeaderPopoverProps) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  return (
    <>
      <Tooltip title={label}>
        <IconButton color="inherit" aria-label={label} onClick={(e) => setAnchor(e.currentTarget)} data-testid={testId}>
          {icon}
        </IconButton>
      </Tooltip>
      <Popover
        open={Boolean(anchor)}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ paper: { sx: { width, maxWidth: '95vw', maxHeight: 400 }, 'data-testid': `${testId}-popover` } as object }}
      >
        {typeof children === 'function' ? children(() => setAnchor(null)) : children}
      </Popover>
    </>
  );
}
