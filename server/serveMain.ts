import { runProcess, serve } from './main.ts'

/** The compiled server's entry (dist/server/main.js, behind the Node check of server/build/buildServer.ts): serves with the environment's settings. */
runProcess((log) => serve(log))
