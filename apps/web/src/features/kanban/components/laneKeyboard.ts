import { KeyboardCode, type KeyboardCoordinateGetter } from '@dnd-kit/core';

/** How far one arrow press moves a card up or down within its lane. */
const VERTICAL_STEP = 40;

/**
 * The keyboard's moves on the board: left and right jump to the centre of the next lane on that
 * side (not a few pixels at a time), up and down move within the lane.
 */
export const laneKeyboardCoordinates: KeyboardCoordinateGetter = (event, { currentCoordinates, context }) => {
  switch (event.code) {
    case KeyboardCode.Up:
      return { ...currentCoordinates, y: currentCoordinates.y - VERTICAL_STEP };
    case KeyboardCode.Down:
      return { ...currentCoordinates, y: currentCoordinates.y + VERTICAL_STEP };
    case KeyboardCode.Left:
    case KeyboardCode.Right: {
      const card = context.collisionRect;
      if (!card) return undefined;
      const centre = card.left + card.width / 2;
      const lanes = [...context.droppableRects.values()].sort((a, b) => a.left - b.left);
      const next = event.code === KeyboardCode.Right ? lanes.find((lane) => lane.left > centre) : lanes.reverse().find((lane) => lane.right < centre);
      if (!next) return undefined;
      event.preventDefault();
      return { x: currentCoordinates.x + (next.left + next.width / 2 - centre), y: currentCoordinates.y };
    }
    default:
      return undefined;
  }
};
