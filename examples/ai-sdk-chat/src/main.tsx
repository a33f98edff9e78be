// Mounts the chat. `?mcp` in the address talks to /api/chat-mcp (the MCP server's request_form).
import { createRoot } from 'react-dom/client';
import { Chat } from './Chat.tsx';

createRoot(document.getElementById('root')!).render(
  <Chat api={location.search.includes('mcp') ? '/api/chat-mcp' : '/api/chat'} />,
);
