import Avatar from '@mui/material/Avatar';
import type { SxProps, Theme } from '@mui/material/styles';
import { useState } from 'react';

/** Pictures that failed once in this page load: not asked for again on every list render. */
const failedPictures = new Set<string>();

/** "Maria da Silva" -> "MS"; a name without letters (a bare number) -> its first character. */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter((w) => /\p{L}/u.test(w.charAt(0)));
  if (words.length === 0) return name.trim().charAt(0).toUpperCase();
  const first = words[0].charAt(0);
  const last = words.length > 1 ? words[words.length - 1].charAt(0) : '';
  return `${first}${last}`.toUpperCase();
}

interface Props {
  name: string;
  /** The contact's picture URL; empty when WhatsApp gave none. */
  picture?: string | null;
  sx?: SxProps<Theme>;
}

/**
 * A contact's picture, or their initials when there is none or it does not load: a picture that
 * fails is dropped for the rest of the page's life instead of being retried by every render.
 */
export function ContactAvatar({ name, picture, sx }: Props) {
  const [failed, setFailed] = useState(false);
  const src = picture && !failed && !failedPictures.has(picture) ? picture : undefined;
  return (
    <Avatar
      src={src}
      alt={name}
      sx={sx}
      data-testid="contact-avatar"
      slotProps={{
        img: {
          onError: () => {
            if (picture) failedPictures.add(picture);
            setFailed(true);
          },
        },
      }}
    >
      {initialsOf(name)}
    </Avatar>
  );
}
