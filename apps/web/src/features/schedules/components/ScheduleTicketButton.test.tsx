import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../app/i18n';
import { jsonResponse, sessionUser } from '../../../test/fixtures';
import { renderWithApp } from '../../../test/render';
import { serveApi } from '../../../test/serve';
import { ticket } from '../../../test/tickets';
import { ScheduleTicketButton } from './ScheduleTicketButton';

afterEach(() => vi.unstubAllGlobals());

describe('<ScheduleTicketButton>', { timeout: 20_000 }, () => {
  it("opens the schedule dialog for the ticket's contact when the plan has schedules", async () => {
    await i18n.changeLanguage('pt');
    const user = sessionUser();
    serveApi({ [`GET /api/companies/listPlan/${user.companyId}`]: () => jsonResponse(200, { plan: user.company?.plan }) });
    const open = ticket(11);
    renderWithApp(<ScheduleTicketButton ticket={open} />, { user });
    await userEvent.setup().click(screen.getByTestId('ticket-schedule'));
    // The form's code loads on first opening.
    expect(((await screen.findByTestId('schedule-contact', undefined, { timeout: 5_000 })) as HTMLInputElement).value).toBe(`${open.contact.name} - ${open.contact.number}`);
  });

  it('is not offered when the plan has no schedules', async () => {
    const user = sessionUser({}, { useSchedules: false });
    serveApi({ [`GET /api/companies/listPlan/${user.companyId}`]: () => jsonResponse(200, { plan: user.company?.plan }) });
    renderWithApp(<ScheduleTicketButton ticket={ticket(11)} />, { user });
    expect(screen.queryByTestId('ticket-schedule')).toBeNull();
  });
});
