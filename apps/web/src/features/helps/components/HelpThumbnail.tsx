import { videoThumbnailUrl } from '@atende/contract';
import OndemandVideoIcon from '@mui/icons-material/OndemandVideo';
import Box from '@mui/material/Box';
import { useState } from 'react';

/**
 * The video's still from YouTube, 16:9; a neutral play sign in its place when the image cannot
 * load (no network to YouTube, a removed video), so the card never shows a broken image.
 */
export function HelpThumbnail({ video, title }: { video: string; title: string }) {
  const [failed, setFailed] = useState(false);
  return (
    <Box sx={{ position: 'relative', pt: '56.25%', bgcolor: 'action.hover' }}>
      {failed ? (
        <Box sx={{ position: 'absolute', inset: 0, display: 'flex', alignItems: 'center', justifyContent: 'center' }} data-testid="help-thumbnail-placeholder">
          <OndemandVideoIcon sx={{ fontSize: 56, color: 'text.secondary' }} />
        </Box>
      ) : (
        <Box
          component="img"
          src={videoThumbnailUrl(video)}
          alt={title}
          loading="lazy"
          referrerPolicy="no-referrer"
          onError={() => setFailed(true)}
          sx={{ position: 'absolute', inset: 0, width: '100%', height: '100%', objectFit: 'cover' }}
          data-testid="help-thumbnail"
        />
      )}
    </Box>
  );
}
