import { useParams } from 'react-router';
import { ChatsView } from '../../features/chats/components/ChatsView';

/** /chats/:id?: the internal chat; the id in the address is the chat's uuid. */
export default function ChatsPage() {
  return <ChatsView uuid={useParams().id ?? null} />;
}
