import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import { userChannel } from '@draftwell/shared/realtime';
import { useSession } from '@/lib/api/session';
import { RealtimeClient, realtimeUrl } from './realtime-client';

const RealtimeContext = createContext<RealtimeClient | null>(null);

/** Opens the realtime connection at app start and closes it when the app is torn down (S10). */
export function RealtimeProvider({ children }: { children: ReactNode }) {
  const [client] = useState(() => new RealtimeClient(realtimeUrl()));
  const { data: session } = useSession();
  const userId = session?.user.id;

  useEffect(() => {
    client.start();
    return () => client.stop();
  }, [client]);

  useEffect(() => {
    if (!userId) return;
    const channel = userChannel(userId);
    client.join(channel);
    return () => client.leave(channel);
  }, [client, userId]);

  return <RealtimeContext.Provider value={client}>{children}</RealtimeContext.Provider>;
}

export function useRealtime(): RealtimeClient {
  const client = useContext(RealtimeContext);
  if (!client) throw new Error('useRealtime must be used inside RealtimeProvider');
  return client;
}
