// This response's Content-Security-Policy nonce for the inline scripts the root renders (entry.server.tsx
// provides it). Only the server render has one: in the browser the value is undefined, and hydration leaves
// the attribute the server wrote alone. It is never put into loader data, which is written into the page
// as text (browsers hide the nonce attribute from scripts and CSS; a copy in the page would not be).
import { createContext, useContext } from 'react';

export const NonceContext = createContext<string | undefined>(undefined);

export const useNonce = (): string | undefined => useContext(NonceContext);
