import type { Help } from '@atende/contract';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import Box from '@mui/material/Box';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { HelpPlayerDialog } from './HelpPlayerDialog';
import { HelpThumbnail } from './HelpThumbnail';

/** The cards of the help videos; a click plays one in a modal. */
export function HelpsGallery({ helps, loading }: { helps: Help[]; loading: boolean }) {
  const { t: tc } = useTranslation();
  const [playing, setPlaying] = useState<Help | null>(null);
  if (!loading && helps.length === 0) {
    return (
      <Typography color="text.secondary" sx={{ p: 4, textAlign: 'center' }} data-testid="helps-empty">
        {tc('noRecords')}
      </Typography>
    );
  }
  return (
    <>
      <Box sx={{ display: 'grid', gap: 2, p: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(260px, 1fr))' }} data-testid="helps-gallery">
        {helps.map((help) => (
          <Card key={help.id} variant="outlined" data-testid={`help-card-${help.id}`}>
            <CardActionArea onClick={() => setPlaying(help)} sx={{ height: '100%', display: 'flex', flexDirection: 'column', alignItems: 'stretch', justifyContent: 'flex-start' }}>
              <HelpThumbnail video={help.video} title={help.title} />
              <CardContent>
                <Typography variant="subtitle1" sx={{ fontWeight: 600 }} gutterBottom>
                  {help.title}
                </Typography>
                <Typography variant="body2" color="text.secondary" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                  {help.description}
                </Typography>
              </CardContent>
            </CardActionArea>
          </Card>
        ))}
      </Box>
      {playing && <HelpPlayerDialog help={playing} onClose={() => setPlaying(null)} />}
    </>
  );
}
