import { can, isSuper, planAllows } from '@atende/contract';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../../app/auth';
import { usePlan } from '../../app/usePlan';
import { PageContainer } from '../../components/PageContainer';
import { CompaniesTab, PlansTab } from '../../features/platform';
import { useSettingValue } from '../../features/settings/api';
import { HelpsSettingsTab } from '../../features/helps/components/HelpsSettingsTab';
import { CompanySchedulesForm } from '../../features/settings/components/CompanySchedulesForm';
import { SettingsOptions } from '../../features/settings/components/SettingsOptions';
import { WebhooksSettingsTab } from '../../features/webhooks/components/WebhooksSettingsTab';

interface SettingsTab {
  name: string;
  /** Whether the tab is offered now; a hidden tab is never rendered. */
  shown: boolean;
  /** The tab's label when it is not `settings:tabs.{name}` (a feature's own tab names itself). */
  label?: string;
  content: () => ReactNode;
}

/**
 * The settings page. Horários follows the scheduleType setting live (it is there only while
 * the company runs company-wide hours); Webhooks is there for admins whose plan has the external
 * API (useExternalApi). The super user's tabs (Empresas, Planos, Ajuda) join this
 * list with `shown: isSuper(user)`.
 */
export default function SettingsPage() {
  const { t } = useTranslation('settings');
  const { t: th } = useTranslation('helps');
  const { t: tw } = useTranslation('webhooks');
  const { user } = useAuth();
  const plan = usePlan();
  const scheduleType = useSettingValue('scheduleType');
  const [selected, setSelected] = useState('options');

  const tabs: SettingsTab[] = [
    { name: 'options', shown: true, content: () => <SettingsOptions /> },
    { name: 'schedules', shown: scheduleType === 'company' && user !== null, content: () => <CompanySchedulesForm companyId={user!.companyId} /> },
    {
      name: 'webhooks',
      shown: can(user, 'webhooks:manage') && planAllows(plan, 'useExternalApi'),
      label: tw('settingsTab'),
      content: () => <WebhooksSettingsTab />,
    },
    { name: 'helps', shown: isSuper(user), label: th('settingsTab'), content: () => <HelpsSettingsTab /> },
    { name: 'companies', shown: isSuper(user), content: () => <CompaniesTab /> },
    { name: 'plans', shown: isSuper(user), content: () => <PlansTab /> },
  ];
  const visible = tabs.filter((tab) => tab.shown);
  const current = visible.find((tab) => tab.name === selected) ?? visible[0];

  return (
    <PageContainer title={t('title')} testId="settings-page">
      <Tabs value={current.name} onChange={(_, name: string) => setSelected(name)} sx={{ px: 2, borderBottom: 1, borderColor: 'divider' }}>
        {visible.map((tab) => (
          <Tab key={tab.name} value={tab.name} label={tab.label ?? t(`tabs.${tab.name}`)} data-testid={`settings-tab-${tab.name}`} />
        ))}
      </Tabs>
      {current.content()}
    </PageContainer>
  );
}
