export { useSettingValue } from './api';
