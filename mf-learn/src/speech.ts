import { useEffect, useState } from 'react';

const synth = () =>
  typeof window !== 'undefined' && 'speechSynthesis' in window ? window.speechSynthesis : null;

/** A German voice of the browser's speech synthesis, or null (then read-aloud is hidden). */
export function useGermanVoice(): SpeechSynthesisVoice | null {
  const [voice, setVoice] = useState<SpeechSynthesisVoice | null>(null);
  useEffect(() => {
    const s = synth();
    if (!s) return;
    const pick = () => setVoice(s.getVoices().find((v) => v.lang.toLowerCase().startsWith('de')) ?? null);
    pick();
    s.addEventListener?.('voiceschanged', pick);
    return () => s.removeEventListener?.('voiceschanged', pick);
  }, []);
  return voice;
}

export function speakGerman(voice: SpeechSynthesisVoice, text: string): void {
  const s = synth();
  if (!s) return;
  s.cancel();
  const u = new SpeechSynthesisUtterance(text);
  u.lang = voice.lang || 'de-DE';
  u.voice = voice;
  u.rate = 0.95;
  s.speak(u);
}

export function stopSpeaking(): void {
  synth()?.cancel();
}
