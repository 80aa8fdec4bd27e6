/**
 * The 50 preset colours of the queue dialog: ten hues in five shades, dark enough
 * for white text on a queue chip. Stored in lower case, as the server keeps colours.
 */
export const QUEUE_COLORS: readonly string[] = [
  '#b71c1c', '#c62828', '#d32f2f', '#e53935', '#f44336',
  '#880e4f', '#ad1457', '#c2185b', '#d81b60', '#e91e63',
  '#4a148c', '#6a1b9a', '#7b1fa2', '#8e24aa', '#9c27b0',
  '#311b92', '#4527a0', '#512da8', '#5e35b1', '#673ab7',
  '#0d47a1', '#1565c0', '#1976d2', '#1e88e5', '#2196f3',
  '#006064', '#00838f', '#0097a7', '#00acc1', '#00bcd4',
  '#004d40', '#00695c', '#00796b', '#00897b', '#009688',
  '#1b5e20', '#2e7d32', '#388e3c', '#43a047', '#4caf50',
  '#e65100', '#ef6c00', '#f57c00', '#fb8c00', '#ff9800',
  '#3e2723', '#4e342e', '#5d4037', '#6d4c41', '#795548',
];
