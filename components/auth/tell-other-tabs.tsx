'use client';

import { useEffect } from 'react';
import { SESSION_CHANNEL } from '@/lib/session/watch';

/** On /login: tabs still showing signed-in pages learn this browser is signed out (decision 047). */
export function TellOtherTabs() {
  useEffect(() => {
    if (!('BroadcastChannel' in window)) return;
    const channel = new BroadcastChannel(SESSION_CHANNEL);
    channel.postMessage('signed-out');
    channel.close();
  }, []);
  return null;
}
