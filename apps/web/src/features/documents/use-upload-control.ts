import { useCallback, useEffect, useRef, useState } from "react";
import type { UploadProgress } from "../../lib/upload";

/** Progress and cancellation of one upload at a time; an unmounted form cancels its upload. */
export function useUploadControl() {
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const controller = useRef<AbortController | null>(null);

  const start = useCallback(() => {
    controller.current?.abort();
    controller.current = new AbortController();
    setProgress({ loaded: 0, total: 0, percent: 0 });
    return controller.current.signal;
  }, []);
  const cancel = useCallback(() => {
    controller.current?.abort();
    controller.current = null;
    setProgress(null);
  }, []);
  const finish = useCallback(() => {
    controller.current = null;
    setProgress(null);
  }, []);

  useEffect(() => () => controller.current?.abort(), []);
  return { progress, onProgress: setProgress, start, cancel, finish };
}
