export * from './api';
export { CampaignDialog } from './components/CampaignDialog';
export { CampaignReportView } from './components/CampaignReportView';
export { CampaignSettingsForm } from './components/CampaignSettingsForm';
export { CampaignsTable } from './components/CampaignsTable';
export { useCampaignsLive } from './useCampaignsLive';
export { useReloadWhenFinished } from './useReloadWhenFinished';
