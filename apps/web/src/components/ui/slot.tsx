import { cloneElement, isValidElement, type HTMLAttributes, type ReactElement } from 'react';
import { cn } from '@/lib/cn';

type TProps = HTMLAttributes<HTMLElement> & Record<string, unknown>;

/**
 * Draws its one child with the props it was given (a Button's classes on a link): the child's
 * own props win, classes are joined, and where both have a handler (onClick…) both run, the
 * child's first. Ours rather than Radix's: the public pages' JavaScript budget (P8).
 */
export function Slot({ children, ...slotProps }: TProps & { children?: unknown }) {
  if (!isValidElement(children)) return null;
  const child = children as ReactElement<TProps>;
  const merged: TProps = { ...slotProps, ...child.props };
  for (const [key, value] of Object.entries(slotProps)) {
    const own = child.props[key];
    if (/^on[A-Z]/.test(key) && typeof value === 'function' && typeof own === 'function') {
      merged[key] = (...args: unknown[]) => {
        (own as (...a: unknown[]) => unknown)(...args);
        (value as (...a: unknown[]) => unknown)(...args);
      };
    }
  }
  merged.className = cn(slotProps.className, child.props.className);
  if (slotProps.style || child.props.style) merged.style = { ...slotProps.style, ...child.props.style };
  return cloneElement(child, merged);
}
