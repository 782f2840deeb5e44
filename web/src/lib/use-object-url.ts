/**
 * An object URL for bytes kept on this device (a photo taken offline), shared by the job's field
 * record and the pre-start defects.
 */
import { useEffect, useState } from 'react';

/** An object URL for bytes kept on this device, revoked when they change or the view goes. */
export function useObjectUrl(bytes: ArrayBuffer | null | undefined, type: string): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!bytes) {
      setUrl(null);
      return undefined;
    }
    const made = URL.createObjectURL(new Blob([bytes], { type }));
    setUrl(made);
    return () => URL.revokeObjectURL(made);
  }, [bytes, type]);
  return url;
}
