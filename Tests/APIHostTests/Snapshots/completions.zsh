#compdef apicli
# zsh completion for apicli 9.9.9, generated from its declarations; do not edit.
# Install: apicli completions zsh > "${fpath[1]}/_apicli" (then restart zsh)
# or add to ~/.zshrc, after compinit: source <(apicli completions zsh)

_apicli() {
    local curcontext="$curcontext" state line program=${words[1]}
    typeset -A opt_args
    local -a global_options
    global_options=(
        '(-f --format)'{-f,--format}'[Output format.]:FORMAT:(table json ndjson csv line)'
        '--json[Same as --format json.]'
        '--offline[Answer from the local store only; never touch the network.]'
        '--refresh[Bypass the response cache (results are still stored).]'
        '--db[The SQLite store to use (also APICLI_DB).]:PATH:_files'
        '--color[Colour output.]:WHEN:(auto always never)'
        '--wide[Never truncate table cells to fit the terminal.]'
        '(-v --verbose)'{-v,--verbose}'[Trace every HTTP attempt on stderr (keys redacted).]'
        '(-q --quiet)'{-q,--quiet}'[No progress or notices on stderr; errors still print.]'
        '(-h --help)'{-h,--help}'[Show help.]'
        '--fields[Only these fields, in this order (a,b,city.name); '\''help'\'' lists them.]:LIST: '
        '--template[The line --format line prints per item: {field}, {time:%H:%M}, {temp:.1}, {headline:40}, {gust|-}.]:TEXT: '
        '--new[Print only the items that were not in the store before this run.]'
        '--as-of[With --offline: the answer as stored at TIME (2026-12-01T06:00, UTC unless it gives an offset).]:TIME: '
        '--changed[Print only the items whose content the store had not seen: changed since it last saw them, or new.]'
        '--fail-empty[Exit 1 when there is nothing to print (also when --new finds nothing new).]'
    )
    _arguments -C -s $global_options '1: :_apicli_commands' '*:: :->arguments' && return 0

    case $state in
        arguments)
            case $words[1] in
                news)
                    _arguments -s $global_options \
                        '--from[Only articles published on or after this date.]:DATE: ' \
                        '--to[Only articles published on or before this date.]:DATE: ' \
                        '--sort[The order of results.]:ORDER:(newest oldest relevance)' \
                        '(-p --page)'{-p,--page}'[The page of results, from 0.]:N: ' \
                        '--headlines-only[Print only the headlines \[no abstracts\]: one per line.]' \
                        '*:query: '
                    ;;
                help)
                    if (( CURRENT == 2 )); then
                        compadd -- news sky
                    fi
                    ;;
                config)
                    if (( CURRENT == 2 )); then
                        compadd -- set get unset list
                    elif (( CURRENT == 3 )); then
                        case $words[2] in
                            set) compadd -- news.api-key news.sort sky.units sky.lang ;;
                            get) compadd -- news.api-key news.sort sky.units sky.lang ;;
                            unset) compadd -- news.api-key news.sort sky.units sky.lang ;;
                        esac
                    fi
                    ;;
                store)
                    _arguments -s $global_options \
                        '--keep[store prune: keep versions fetched within DURATION (90d, 36h, 2w); also APICLI_STORE_KEEP.]:DURATION: ' \
                        '--since[store export: only items fetched at or after TIME (2026-12-01T06:00, UTC unless it gives an offset).]:TIME: ' \
                        '--versions[store export: every stored version, not only each item'\''s latest.]' \
                        '(-o --output)'{-o,--output}'[store export: write FILE (whole, or not at all) instead of stdout; '\''-'\'' is stdout.]:FILE:_files' \
                        '--schema[store sync, store sql --db postgresql://…: the team database'\''s schema (default apicli).]:NAME: ' \
                        '1:action:(info clear vacuum check sql schema prune export sync)' \
                        '2: :->operand' && return 0
                    if [[ $state == operand ]]; then
                        case $words[2] in
                            clear) compadd -- news sky ;;
                            export) compadd -- news sky ;;
                        esac
                    fi
                    ;;
                history)
                    if (( CURRENT == 2 )); then
                        compadd -- news sky
                    fi
                    ;;
                completions)
                    if (( CURRENT == 2 )); then
                        compadd -- bash zsh fish
                    fi
                    ;;
                provider)
                    _arguments -s $global_options \
                        '--base-url[The API'\''s base URL (http or https); with --openapi, replaces the document'\''s servers.]:URL: ' \
                        '--path[The API path, from /.]:/PATH: ' \
                        '--items[Where the array of results is in the answer (hits, response.docs); with --openapi, instead of the document'\''s (. for a bare list).]:KEYPATH: ' \
                        '--query-param[The query parameter that takes the search words.]:P: ' \
                        '--no-key[The API needs no key.]' \
                        '--key-param[The query parameter that carries the key.]:P: ' \
                        '--key-header[The header that carries the key (X-Api-Key), instead of --key-param.]:H: ' \
                        '--summary[One line for '\''apicli providers'\''.]:TEXT: ' \
                        '--sample[A saved answer to guess the columns from (or to check against).]:FILE:_files' \
                        '--sample-words[The words of the one live request add makes (default: test).]:WORDS: ' \
                        '--openapi[An OpenAPI 3 or Swagger 2 document (JSON or YAML), a file or an http(s) URL, to import from.]:FILE:_files' \
                        '--operation[The operationId, or '\''GET /path'\'', to import; repeatable. Without it, every operation.]:OP: ' \
                        '--read[With --openapi: import this operation (operationId or '\''POST /path'\'') as a read, cached and stored; repeatable.]:OP: ' \
                        '--server[With --openapi: which of the document'\''s servers to use, from 1.]:N: ' \
                        '--bearer[Send the key as '\''Authorization: Bearer'\'' (with --openapi: a token for an OAuth2 API).]' \
                        '--key-of[Use that provider'\''s key (NYT_API_KEY, nyt.api-key) instead of one of its own.]:PROVIDER: ' \
                        '--rate[The API'\''s allowance, such as 5/minute,500/day (second, minute, hour, day).]:LIMITS: ' \
                        '--spacing[Seconds between two requests, at least (1 to 3600).]:SECONDS: ' \
                        '(-y --yes)'{-y,--yes}'[remove: also drop the stored rows, without asking.]' \
                        '1:action:(add list show check remove)' \
                        '2: :->operand' && return 0
                    if [[ $state == operand ]]; then
                        case $words[2] in
                            show) compadd -- sky ;;
                            check) compadd -- sky ;;
                            remove) compadd -- sky ;;
                        esac
                    fi
                    ;;
                api)
                    _arguments -s $global_options \
                        '(-q --query)'{-q,--query}'[Add a query parameter (repeatable); percent-encoded.]:NAME=VALUE: ' \
                        '(-i --include)'{-i,--include}'[Print the status line and the headers (keys redacted) before the body.]' \
                        '--paginate[Follow every page, one body after another: the answer'\''s Link rel=next, else the provider'\''s page numbers.]' \
                        '(-X --method)'{-X,--method}'[The method: GET (the default), HEAD, POST (the default with a body), PUT, PATCH, DELETE.]:METHOD: ' \
                        '(-f --raw-field)'{-f,--raw-field}'[Add a string field to the JSON body (a query parameter on GET or HEAD); repeatable.]:NAME=VALUE: ' \
                        '(-F --field)'{-F,--field}'[Add a typed field: numbers, true, false, null, @FILE; a.b=1 nests, tags\[\]=x appends; repeatable.]:NAME=VALUE: ' \
                        '--input[Send the file as the body ('\''-'\'': standard input); -f and -F then add query parameters.]:FILE:_files' \
                        '(-H --header)'{-H,--header}'[Add a request header (repeatable); never the key'\''s own header.]:'\''NAME\: VALUE'\'': ' \
                        '--dry-run[Print the request (method, URL, headers with the key redacted, body) and send nothing.]' \
                        '--yes[Send a write without asking: needed when standard input is not a terminal.]' \
                        '1:action:(news sky)' && return 0
                    ;;
                mcp)
                    _arguments -s $global_options \
                        '--allow-writes[Offer the operations that change data at an API too (each marked as a write).]' \
                        '--max-wait[The longest a tool call waits for a rate limit; one that would wait longer answers '\''rate limited until …'\'' at once.]:SECONDS: ' && return 0
                    ;;
                quota)
                    if (( CURRENT == 2 )); then
                        compadd -- news sky
                    fi
                    ;;
                harvest)
                    _arguments -s $global_options \
                        '--from[The first month (YYYY-MM, nyt-archive) or day (YYYY-MM-DD, nyt).]:WHEN: ' \
                        '--to[The last month or day, included.]:WHEN: ' \
                        '--fq[nyt: a filter query, sent as given.]:FILTER: ' \
                        '--resume[Go on with the newest unfinished job, or the one named (apicli harvest --resume 3).]' \
                        '--list[List the harvest jobs: what was asked, slices done, items, last error.]' \
                        '--wait[When the day'\''s budget is used, wait until it frees and go on (else stop, exit 75).]' \
                        '--since-last[NAME: only what is newer than the last harvest of the same command, by FIELD of the items as ndjson prints them (an id or a time).]:FIELD: ' && return 0
                    ;;
                auth)
                    _arguments -s $global_options \
                        '--flow[auth login: the flow to run among those the provider declares (default: device, else authorization-code, else client-credentials).]:FLOW:(client-credentials authorization-code device)' \
                        '1:action:(login status logout)' \
                        '2: :->operand' && return 0
                    if [[ $state == operand ]]; then
                        case $words[2] in
                            login) compadd -- news sky ;;
                            status) compadd -- news sky ;;
                            logout) compadd -- news sky ;;
                        esac
                    fi
                    ;;
                *)
                    local -a candidates
                    candidates=(${(f)"$(${~program} completions words zsh -- "${(@)words[1,CURRENT]}" 2>/dev/null)"})
                    if (( ${#candidates} )); then
                        _describe -t values 'value' candidates
                    else
                        _arguments -s $global_options
                    fi
                    ;;
            esac
            ;;
    esac
}

_apicli_commands() {
    local -a commands
    commands=(
        'news:Search sample news articles by words, dates and sections.'
        'sky:Five-day forecast for a city.'
        'providers:List the providers and what they do.'
        'help:Show help for apicli or a provider.'
        'config:Get, set, unset or list settings and keys.'
        'store:Inspect, query (read-only SQL) and maintain the local store.'
        'history:Show the stored versions of one item and what changed between them.'
        'completions:Print a shell completion script (bash, zsh, fish).'
        'manpage:Print the man page (roff).'
        'provider:Add, list, show, check or remove provider files (new APIs without recompiling).'
        'api:Send one request to a provider'\''s API with its key, limits and cache; print the body as it came.'
        'mcp:Serve every provider and the store to an AI agent as Model Context Protocol tools (stdio).'
        'quota:Show each key'\''s requests this minute and day against its limits, the reserve, and the API'\''s last word.'
        'harvest:Pull a long range (every Archive month, every search result) within the key'\''s daily budget; resumable.'
        'auth:Sign in to an OAuth2 API, show the sign-in (never the token), or sign out.'
    )
    _describe -t commands 'apicli command' commands
}

if [[ "$funcstack[1]" == "_apicli" ]]; then
    _apicli "$@"
else
    compdef _apicli apicli
fi
