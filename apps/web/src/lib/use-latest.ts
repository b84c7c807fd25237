import { useEffect, useRef } from 'react';

/** A ref holding the newest `value`, for callbacks that outlive renders (a toast's action button). */
export function useLatest<T>(value: T) {
  const ref = useRef(value);
  useEffect(() => {
    ref.current = value;
  }, [value]);
  return ref;
}
