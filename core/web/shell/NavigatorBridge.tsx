import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';

/** Hands the router's navigate to services that move the user outside React (the HTTP client's sign-out). */
export function NavigatorBridge({ register }: { register: (navigate: (path: string) => void) => void }) {
  const navigate = useNavigate();
  useEffect(() => register((path) => navigate(path)), [navigate, register]);
  return null;
}
