import { createReadStream } from 'node:fs'
import { stat } from 'node:fs/promises'
import { createServer } from 'node:http'
import path from 'node:path'

/** Content types of the files a static Storybook build contains. @type {Record<string, string>} */
const contentTypes = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.woff2': 'font/woff2',
  '.ico': 'image/x-icon',
  '.map': 'application/json; charset=utf-8',
}

/**
 * Serves the files under `root` on 127.0.0.1 (an ephemeral port), GET and HEAD only.
 * Paths that leave `root` are refused. Resolves to the base URL and a `close` function.
 *
 * @param {string} root - the directory to serve, e.g. `storybook-static`
 * @returns {Promise<{ url: string, close: () => Promise<void> }>}
 */
export async function serveStatic(root) {
  const base = path.resolve(root)
  const server = createServer(async (request, response) => {
    const pathname = decodeURIComponent(new URL(request.url ?? '/', 'http://localhost').pathname)
    let file = path.join(base, pathname)
    if (file !== base && !file.startsWith(base + path.sep)) {
      response.writeHead(403).end()
      return
    }
    try {
      if ((await stat(file)).isDirectory()) file = path.join(file, 'index.html')
      await stat(file)
    } catch {
      response.writeHead(404).end()
      return
    }
    response.writeHead(200, {
      'content-type': contentTypes[path.extname(file)] ?? 'application/octet-stream',
    })
    if (request.method === 'HEAD') response.end()
    else createReadStream(file).pipe(response)
  })
  await new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(undefined)))
  const address = server.address()
  if (!address || typeof address === 'string') throw new Error('serveStatic: no TCP address')
  return {
    url: `http://127.0.0.1:${address.port}`,
    close: () => new Promise((resolve) => server.close(() => resolve(undefined))),
  }
}
