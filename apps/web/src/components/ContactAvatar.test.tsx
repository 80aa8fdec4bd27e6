import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ContactAvatar, initialsOf } from './ContactAvatar';

afterEach(() => vi.restoreAllMocks());

describe('<ContactAvatar>', () => {
  it('shows initials when the contact has no picture, and loads nothing', () => {
    const { container } = render(<ContactAvatar name="Maria da Silva" picture="" />);
    expect(screen.getByTestId('contact-avatar').textContent).toBe('MS');
    expect(container.querySelector('img')).toBeNull();
  });

  it('falls back to initials without a console error when the picture fails, and does not ask for it again', () => {
    const errors = vi.spyOn(console, 'error');
    const picture = 'https://pictures.example.invalid/joao.png';
    const first = render(<ContactAvatar name="João Pereira" picture={picture} />);
    const img = first.container.querySelector('img');
    expect(img?.getAttribute('src')).toBe(picture);
    fireEvent.error(img!);
    expect(first.container.querySelector('img')).toBeNull();
    expect(first.getByTestId('contact-avatar').textContent).toBe('JP');
    first.unmount();

    // Another list row of the same contact: the broken picture is not requested again.
    const again = render(<ContactAvatar name="João Pereira" picture={picture} />);
    expect(again.container.querySelector('img')).toBeNull();
    expect(again.getByTestId('contact-avatar').textContent).toBe('JP');
    expect(errors).not.toHaveBeenCalled();
  });

  it('shows a picture that is there', () => {
    const { container } = render(<ContactAvatar name="Ana" picture="https://pps.whatsapp.net/v/ana.jpg" />);
    expect(container.querySelector('img')?.getAttribute('alt')).toBe('Ana');
  });
});

describe('initialsOf', () => {
  it('takes the first and last names, or the first character of a bare number', () => {
    expect(initialsOf('ana')).toBe('A');
    expect(initialsOf('  Carlos   Eduardo  Souza ')).toBe('CS');
    expect(initialsOf('5511999990001')).toBe('5');
    expect(initialsOf('Élio 2 Ávila')).toBe('ÉÁ');
  });
});
