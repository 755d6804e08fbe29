# bash completion for apicli 9.9.9, generated from its declarations; do not edit.
# Install: apicli completions bash > ~/.local/share/bash-completion/completions/apicli
# or add to ~/.bashrc: source <(apicli completions bash)

_apicli() {
    local cur prev command i
    local -a positionals=()
    COMPREPLY=()
    cur="${COMP_WORDS[COMP_CWORD]}"
    prev=""
    if [[ $COMP_CWORD -gt 0 ]]; then prev="${COMP_WORDS[COMP_CWORD-1]}"; fi
    command=""
    for ((i = 1; i < COMP_CWORD; i++)); do
        case "${COMP_WORDS[i]}" in
            --format|-f|--db|--color|--fields|--template|--as-of|--from|--to|--sort|--page|-p|--units|--lang|--cnt|--keep|--since|--output|-o|--schema|--base-url|--path|--items|--query-param|--key-param|--key-header|--summary|--sample|--sample-words|--openapi|--operation|--read|--server|--key-of|--rate|--spacing|--query|-q|--method|-X|--raw-field|--field|-F|--input|--header|-H|--max-wait|--fq|--since-last|--flow) ((i++)) ;;
            -*) ;;
            *)
                if [[ -z "$command" ]]; then
                    command="${COMP_WORDS[i]}"
                else
                    positionals+=("${COMP_WORDS[i]}")
                fi
                ;;
        esac
    done

    # The value of the option before the cursor: the provider's own options first.
    case "$command" in
        news)
            case "$prev" in
                --from) return 0 ;;
                --to) return 0 ;;
                --sort) COMPREPLY=($(compgen -W 'newest oldest relevance' -- "$cur")); return 0 ;;
                --page|-p) return 0 ;;
            esac
            ;;
        store)
            case "$prev" in
                --keep) return 0 ;;
                --since) return 0 ;;
                --output|-o) COMPREPLY=($(compgen -f -- "$cur")); return 0 ;;
                --schema) return 0 ;;
            esac
            ;;
        provider)
            case "$prev" in
                --base-url) return 0 ;;
                --path) return 0 ;;
                --items) return 0 ;;
                --query-param) return 0 ;;
                --key-param) return 0 ;;
                --key-header) return 0 ;;
                --summary) return 0 ;;
                --sample) COMPREPLY=($(compgen -f -- "$cur")); return 0 ;;
                --sample-words) return 0 ;;
                --openapi) COMPREPLY=($(compgen -f -- "$cur")); return 0 ;;
                --operation) return 0 ;;
                --read) return 0 ;;
                --server) return 0 ;;
                --key-of) return 0 ;;
                --rate) return 0 ;;
                --spacing) return 0 ;;
            esac
            ;;
        api)
            case "$prev" in
                --query|-q) return 0 ;;
                --method|-X) return 0 ;;
                --raw-field|-f) return 0 ;;
                --field|-F) return 0 ;;
                --input) COMPREPLY=($(compgen -f -- "$cur")); return 0 ;;
                --header|-H) return 0 ;;
            esac
            ;;
        mcp)
            case "$prev" in
                --max-wait) return 0 ;;
            esac
            ;;
        harvest)
            case "$prev" in
                --from) return 0 ;;
                --to) return 0 ;;
                --fq) return 0 ;;
                --since-last) return 0 ;;
            esac
            ;;
        auth)
            case "$prev" in
                --flow) COMPREPLY=($(compgen -W 'client-credentials authorization-code device' -- "$cur")); return 0 ;;
            esac
            ;;
    esac
    case "$prev" in
        --format|-f) COMPREPLY=($(compgen -W 'table json ndjson csv line' -- "$cur")); return 0 ;;
        --db) COMPREPLY=($(compgen -f -- "$cur")); return 0 ;;
        --color) COMPREPLY=($(compgen -W 'auto always never' -- "$cur")); return 0 ;;
        --fields) return 0 ;;
        --template) return 0 ;;
        --as-of) return 0 ;;
    esac

    case "$command" in
        "")
            if [[ $cur == -* ]]; then
                COMPREPLY=($(compgen -W '--format -f --json --offline --refresh --db --color --wide --verbose -v --quiet -q --help -h --fields --template --new --as-of --changed --fail-empty' -- "$cur"))
            else
                COMPREPLY=($(compgen -W 'news sky providers help config store history completions manpage provider api mcp quota harvest auth' -- "$cur"))
            fi
            ;;
        news)
            if [[ $cur == -* ]]; then COMPREPLY=($(compgen -W '--from --to --sort --page -p --headlines-only --format -f --json --offline --refresh --db --color --wide --verbose -v --quiet -q --help -h --fields --template --new --as-of --changed --fail-empty' -- "$cur"))
            fi
            ;;
        help)
            if [[ $cur == -* ]]; then
                COMPREPLY=($(compgen -W '--format -f --json --offline --refresh --db --color --wide --verbose -v --quiet -q --help -h --fields --template --new --as-of --changed --fail-empty' -- "$cur"))
            elif [[ ${#positionals[@]} -eq 0 ]]; then
                COMPREPLY=($(compgen -W 'news sky' -- "$cur"))
            fi
            ;;
        config)
            if [[ $cur == -* ]]; then
                COMPREPLY=($(compgen -W '--format -f --json --offline --refresh --db --color --wide --verbose -v --quiet -q --help -h --fields --template --new --as-of --changed --fail-empty' -- "$cur"))
            elif [[ ${#positionals[@]} -eq 0 ]]; then
                COMPREPLY=($(compgen -W 'set get unset list' -- "$cur"))
            elif [[ ${#positionals[@]} -eq 1 ]]; then
                case "${positionals[0]}" in
                    set) COMPREPLY=($(compgen -W 'news.api-key news.sort sky.units sky.lang' -- "$cur")) ;;
                    get) COMPREPLY=($(compgen -W 'news.api-key news.sort sky.units sky.lang' -- "$cur")) ;;
                    unset) COMPREPLY=($(compgen -W 'news.api-key news.sort sky.units sky.lang' -- "$cur")) ;;
                esac
            fi
            ;;
        store)
            if [[ $cur == -* ]]; then
                COMPREPLY=($(compgen -W '--keep --since --versions --output -o --schema --format -f --json --offline --refresh --db --color --wide --verbose -v --quiet -q --help -h --fields --template --new --as-of --changed --fail-empty' -- "$cur"))
            elif [[ ${#positionals[@]} -eq 0 ]]; then
                COMPREPLY=($(compgen -W 'info clear vacuum check sql schema prune export sync' -- "$cur"))
            elif [[ ${#positionals[@]} -eq 1 ]]; then
                case "${positionals[0]}" in
                    clear) COMPREPLY=($(compgen -W 'news sky' -- "$cur")) ;;
                    export) COMPREPLY=($(compgen -W 'news sky' -- "$cur")) ;;
                esac
            fi
            ;;
        history)
            if [[ $cur == -* ]]; then
                COMPREPLY=($(compgen -W '--format -f --json --offline --refresh --db --color --wide --verbose -v --quiet -q --help -h --fields --template --new --as-of --changed --fail-empty' -- "$cur"))
            elif [[ ${#positionals[@]} -eq 0 ]]; then
                COMPREPLY=($(compgen -W 'news sky' -- "$cur"))
            fi
            ;;
        completions)
            if [[ $cur == -* ]]; then
                COMPREPLY=($(compgen -W '--format -f --json --offline --refresh --db --color --wide --verbose -v --quiet -q --help -h --fields --template --new --as-of --changed --fail-empty' -- "$cur"))
            elif [[ ${#positionals[@]} -eq 0 ]]; then
                COMPREPLY=($(compgen -W 'bash zsh fish' -- "$cur"))
            fi
            ;;
        provider)
            if [[ $cur == -* ]]; then
                COMPREPLY=($(compgen -W '--base-url --path --items --query-param --no-key --key-param --key-header --summary --sample --sample-words --openapi --operation --read --server --bearer --key-of --rate --spacing --yes -y --format -f --json --offline --refresh --db --color --wide --verbose -v --quiet -q --help -h --fields --template --new --as-of --changed --fail-empty' -- "$cur"))
            elif [[ ${#positionals[@]} -eq 0 ]]; then
                COMPREPLY=($(compgen -W 'add list show check remove' -- "$cur"))
            elif [[ ${#positionals[@]} -eq 1 ]]; then
                case "${positionals[0]}" in
                    show) COMPREPLY=($(compgen -W 'sky' -- "$cur")) ;;
                    check) COMPREPLY=($(compgen -W 'sky' -- "$cur")) ;;
                    remove) COMPREPLY=($(compgen -W 'sky' -- "$cur")) ;;
                esac
            fi
            ;;
        api)
            if [[ $cur == -* ]]; then
                COMPREPLY=($(compgen -W '--query -q --include -i --paginate --method -X --raw-field -f --field -F --input --header -H --dry-run --yes --format -f --json --offline --refresh --db --color --wide --verbose -v --quiet -q --help -h --fields --template --new --as-of --changed --fail-empty' -- "$cur"))
            elif [[ ${#positionals[@]} -eq 0 ]]; then
                COMPREPLY=($(compgen -W 'news sky' -- "$cur"))
            fi
            ;;
        mcp)
            if [[ $cur == -* ]]; then
                COMPREPLY=($(compgen -W '--allow-writes --max-wait --format -f --json --offline --refresh --db --color --wide --verbose -v --quiet -q --help -h --fields --template --new --as-of --changed --fail-empty' -- "$cur"))
            elif [[ ${#positionals[@]} -eq 0 ]]; then
                COMPREPLY=($(compgen -W '' -- "$cur"))
            fi
            ;;
        quota)
            if [[ $cur == -* ]]; then
                COMPREPLY=($(compgen -W '--format -f --json --offline --refresh --db --color --wide --verbose -v --quiet -q --help -h --fields --template --new --as-of --changed --fail-empty' -- "$cur"))
            elif [[ ${#positionals[@]} -eq 0 ]]; then
                COMPREPLY=($(compgen -W 'news sky' -- "$cur"))
            fi
            ;;
        harvest)
            if [[ $cur == -* ]]; then
                COMPREPLY=($(compgen -W '--from --to --fq --resume --list --wait --since-last --format -f --json --offline --refresh --db --color --wide --verbose -v --quiet -q --help -h --fields --template --new --as-of --changed --fail-empty' -- "$cur"))
            elif [[ ${#positionals[@]} -eq 0 ]]; then
                COMPREPLY=($(compgen -W '' -- "$cur"))
            fi
            ;;
        auth)
            if [[ $cur == -* ]]; then
                COMPREPLY=($(compgen -W '--flow --format -f --json --offline --refresh --db --color --wide --verbose -v --quiet -q --help -h --fields --template --new --as-of --changed --fail-empty' -- "$cur"))
            elif [[ ${#positionals[@]} -eq 0 ]]; then
                COMPREPLY=($(compgen -W 'login status logout' -- "$cur"))
            elif [[ ${#positionals[@]} -eq 1 ]]; then
                case "${positionals[0]}" in
                    login) COMPREPLY=($(compgen -W 'news sky' -- "$cur")) ;;
                    status) COMPREPLY=($(compgen -W 'news sky' -- "$cur")) ;;
                    logout) COMPREPLY=($(compgen -W 'news sky' -- "$cur")) ;;
                esac
            fi
            ;;
        *)
            local program="${COMP_WORDS[0]}"
            [[ $program == "~/"* ]] && program="$HOME/${program#\~/}"
            COMPREPLY=($(compgen -W "$("$program" completions words bash -- "${COMP_WORDS[@]:1:COMP_CWORD}" 2>/dev/null)" -- "$cur"))
            ;;
    esac
    return 0
}

complete -F _apicli apicli
