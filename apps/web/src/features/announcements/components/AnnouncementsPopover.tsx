import type { Announcement } from '@atende/contract';
import CampaignIcon from '@mui/icons-material/Campaign';
import Badge from '@mui/material/Badge';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { HeaderPopover } from '../../../components/HeaderPopover';
import { formatDate } from '../../../lib/dates';
import { useFirstScreenShown } from '../../../app/firstScreen';
import { useActiveAnnouncements } from '../api';
import { PRIORITY_COLORS } from '../priority';
import { useAnnouncementsLive } from '../useAnnouncementsLive';
import { AnnouncementViewDialog } from './AnnouncementViewDialog';

/**
 * The top bar's announcements: the active ones with a left edge coloured by priority, their date
 * and text; a click opens the announcement. Kept live for every user of every company.
 */
export function AnnouncementsPopover() {
  const { t } = useTranslation('announcements');
  const { t: tc } = useTranslation();
  const active = useActiveAnnouncements(useFirstScreenShown());
  const [open, setOpen] = useState<Announcement | null>(null);
  useAnnouncementsLive();
  const records = active.data?.records ?? [];

  return (
    <>
      <HeaderPopover
        label={t('topbar')}
        testId="announcements"
        icon={
          <Badge badgeContent={active.data?.count ?? 0} color="secondary" data-testid="announcements-count">
            <CampaignIcon />
          </Badge>
        }
      >
        {(close) =>
          records.length === 0 ? (
            <Typography color="text.secondary" sx={{ p: 2, textAlign: 'center' }} data-testid="announcements-empty">
              {tc('noRecords')}
            </Typography>
          ) : (
            <List dense disablePadding data-testid="announcements-list">
              {records.map((announcement) => (
                <ListItemButton
                  key={announcement.id}
                  onClick={() => {
                    close();
                    setOpen(announcement);
                  }}
                  sx={{ borderLeft: 6, borderLeftColor: PRIORITY_COLORS[announcement.priority], mb: 0.5, alignItems: 'flex-start' }}
                  data-testid={`announcement-item-${announcement.id}`}
                  data-priority={announcement.priority}
                >
                  <ListItemText
                    primary={announcement.title}
                    secondary={
                      <>
                        <Typography component="span" variant="caption" sx={{ display: 'block' }}>
                          {formatDate(announcement.createdAt)}
                        </Typography>
                        <Typography component="span" variant="body2" sx={{ display: '-webkit-box', WebkitLineClamp: 3, WebkitBoxOrient: 'vertical', overflow: 'hidden' }}>
                          {announcement.text}
                        </Typography>
                      </>
                    }
                  />
                </ListItemButton>
              ))}
            </List>
          )
        }
      </HeaderPopover>
      {open && <AnnouncementViewDialog announcement={open} onClose={() => setOpen(null)} />}
    </>
  );
}
