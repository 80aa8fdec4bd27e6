import { sendFirstRequests } from './app/firstRequests';

// The first requests leave before the app's code is fetched and evaluated, and travel meanwhile.
const first = sendFirstRequests(window.location.pathname);
void import('./app/start').then(({ startApp }) => startApp(first));
