import { STORAGE_KEYS } from '@atende/contract';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider, createTheme } from '@mui/material/styles';
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { readStored, writeStored } from '../lib/storage';

export type ColorMode = 'light' | 'dark';

interface ColorModeValue {
  mode: ColorMode;
  toggle: () => void;
}

const ColorModeContext = createContext<ColorModeValue>({ mode: 'light', toggle: () => {} });

export function storedColorMode(): ColorMode {
  return readStored(STORAGE_KEYS.preferredTheme) === 'dark' ? 'dark' : 'light';
}

export function buildTheme(mode: ColorMode) {
  return createTheme({
    palette: {
      mode,
      primary: { main: mode === 'light' ? '#2576d2' : '#5aa2f0' },
      secondary: { main: '#00a884' },
      background: mode === 'light' ? { default: '#f4f6f8', paper: '#ffffff' } : { default: '#121417', paper: '#1c1f24' },
    },
    shape: { borderRadius: 8 },
    components: {
      MuiButton: { defaultProps: { disableElevation: true } },
    },
  });
}

export function AppThemeProvider({ children }: { children: ReactNode }) {
  const [mode, setMode] = useState<ColorMode>(storedColorMode);
  const toggle = useCallback(() => {
    setMode((current) => {
      const next: ColorMode = current === 'light' ? 'dark' : 'light';
      writeStored(STORAGE_KEYS.preferredTheme, next);
      return next;
    });
  }, []);
  const theme = useMemo(() => buildTheme(mode), [mode]);
  const value = useMemo(() => ({ mode, toggle }), [mode, toggle]);
  return (
    <ColorModeContext.Provider value={value}>
      <ThemeProvider theme={theme}>
        <CssBaseline />
        {children}
      </ThemeProvider>
    </ColorModeContext.Provider>
  );
}

export function useColorMode(): ColorModeValue {
  return useContext(ColorModeContext);
}
