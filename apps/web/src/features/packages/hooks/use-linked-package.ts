import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';

/**
 * The package whose detail dialog is open. A link with `?package={id}` (the command palette's)
 * opens it, on arrival or while the list is already shown; closing drops the parameter so the
 * same link opens it again.
 */
export function useLinkedPackage() {
  const [params, setParams] = useSearchParams();
  const linked = Number(params.get('package')) || null;
  const [openId, setOpenId] = useState<number | null>(linked);
  useEffect(() => {
    if (linked) setOpenId(linked);
  }, [linked]);
  const close = () => {
    setOpenId(null);
    if (params.has('package'))
      setParams(
        (p) => {
          p.delete('package');
          return p;
        },
        { replace: true },
      );
  };
  return { openId, open: setOpenId, close };
}
