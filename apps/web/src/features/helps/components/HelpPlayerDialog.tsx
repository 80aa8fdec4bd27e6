import { videoEmbedUrl, type Help } from '@atende/contract';
import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';

/** The video in a modal player; Escape or a click outside closes it (and stops the video). */
export function HelpPlayerDialog({ help, onClose }: { help: Help; onClose: () => void }) {
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" data-testid="help-player" aria-label={help.title}>
      <Box sx={{ position: 'relative', pt: '56.25%', bgcolor: 'common.black' }}>
        <Box
          component="iframe"
          src={videoEmbedUrl(help.video)}
          title={help.title}
          allow="autoplay; encrypted-media; picture-in-picture; fullscreen"
          allowFullScreen
          sx={{ position: 'absolute', inset: 0, width: '100%', height: '100%', border: 0 }}
          data-testid="help-player-frame"
        />
      </Box>
    </Dialog>
  );
}
