import { createContext, useContext } from 'react';

/** What the block node views need from the screen; a context so they update when props change. */
export type TEditorSettings = { currency: string; defaultTaxRate: number; editable: boolean };

export const EditorSettingsContext = createContext<TEditorSettings>({
  currency: 'USD',
  defaultTaxRate: 0,
  editable: true,
});

export function useEditorSettings(): TEditorSettings {
  return useContext(EditorSettingsContext);
}
