export { useSettingValue, useUpdateSetting } from './api';
export { CompanySchedulesForm } from './components/CompanySchedulesForm';
