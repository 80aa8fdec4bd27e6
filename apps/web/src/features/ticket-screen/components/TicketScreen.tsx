/**
 * The ticket screen of spec core §2 (header, messages, input, contact drawer) for one ticket,
 * addressed by its uuid. The ticket manager shows it in its right pane (or its Ticket tab).
 */
export function TicketScreen({ uuid }: { uuid: string }) {
  return <div data-testid="ticket-screen" data-uuid={uuid} />;
}
