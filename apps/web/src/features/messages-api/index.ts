export { MessagesApiDocs } from './components/MessagesApiDocs';
export { TestSendForm } from './components/TestSendForm';
