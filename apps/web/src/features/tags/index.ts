export { useTagOptions } from './api';
